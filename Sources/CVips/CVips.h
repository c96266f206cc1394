#include <vips/vips.h>
// vips_vector_set_enabled: libvips keeps its liborc switch out of vips.h.
#include <vips/vector.h>
