#ifndef PREPROCESSING_SIM_CLIBXML2_H
#define PREPROCESSING_SIM_CLIBXML2_H

// libxml2's push parser and SAX2 interface: the XML parser drives libxml2 with its own
// callbacks and builds the flat tree from them (WebKit's XML document parser works the same way).
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers would clash with Foundation's own copy of
// ICU in any module that sees both. Nothing here reads an encoding handler's ICU fields (only
// pointers to handlers pass through), so the declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>

#endif
