#include <tesseract/capi.h>
// Leptonica (Tesseract's image library): its message level, which the runtime policy sets.
#include <leptonica/allheaders.h>

// Two calls of the OpenMP runtime Debian's libtesseract is built with (libgomp; its omp.h lies in
// GCC's private include folder): Tesseract's LSTM asks for four threads per layer, which on a
// loaded machine spin and cost more system time than they save; with dynamic adjustment on, the
// runtime gives a team no more threads than there are idle cores. Per thread, set and restored.
int omp_get_dynamic(void);
void omp_set_dynamic(int dynamic_threads);
