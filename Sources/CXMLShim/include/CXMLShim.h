// libxml2's error handlers take a variadic C function, which Swift cannot define.
#ifndef CXMLSHIM_H
#define CXMLSHIM_H

/// Makes libxml2 print nothing: for this thread and every thread made later. Only an executable's
/// runtime policy calls it (the handlers are process-wide).
void CXMLShim_silenceErrors(void);

#endif
