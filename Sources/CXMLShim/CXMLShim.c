#include "CXMLShim.h"
#include <libxml/globals.h>
#include <libxml/xmlerror.h>

static void CXMLShim_ignoreGeneric(void *context, const char *message, ...) {
    (void) context;
    (void) message;
}

static void CXMLShim_ignoreStructured(void *context, xmlErrorPtr error) {
    (void) context;
    (void) error;
}

void CXMLShim_silenceErrors(void) {
    xmlThrDefSetGenericErrorFunc(NULL, CXMLShim_ignoreGeneric);
    xmlThrDefSetStructuredErrorFunc(NULL, CXMLShim_ignoreStructured);
    xmlSetGenericErrorFunc(NULL, CXMLShim_ignoreGeneric);
    xmlSetStructuredErrorFunc(NULL, CXMLShim_ignoreStructured);
}
