#ifndef NAVBUS_CESPEAKNG_SHIM_H
#define NAVBUS_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#endif
