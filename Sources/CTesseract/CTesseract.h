#include <tesseract/capi.h>
