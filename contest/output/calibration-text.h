/* calibration-text.h - what contest calibrate says of a calibration: its sessions, noise and drift */
#ifndef CONTEST_OUTPUT_CALIBRATION_TEXT_H
#define CONTEST_OUTPUT_CALIBRATION_TEXT_H

#include <stdio.h>

#include "results/calibration.h"

/* cal, read from dir's calibration, on out: sessions and runs, those left
 * out, the noise within a session, the drift between sessions and its
 * interval (or that it is unknown) */
void calibration_text_write(FILE *out, const char *dir, const struct calibration *cal);

#endif
