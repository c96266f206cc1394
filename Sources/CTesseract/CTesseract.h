#include <tesseract/capi.h>
// Leptonica (Tesseract's image library): its message level, which the runtime policy sets.
#include <leptonica/allheaders.h>
