/* changes-mail.h - contest changes --format mail: one digest of every
 * change point, in the kernel test robot's layout */
#ifndef CONTEST_CHANGES_MAIL_H
#define CONTEST_CHANGES_MAIL_H

#include "output/changes-write.h"

/* the whole message: 0, or -1 (said) */
int changes_write_mail(const struct history *h, const struct changes_write_opts *o, FILE *out);

#endif
