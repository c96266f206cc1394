#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
