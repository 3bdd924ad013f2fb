/* libxml2's streaming reader and zlib. Debian builds libxml2 with ICU, whose
   headers clash with the copy of ICU inside Swift's Foundation; the reader
   never touches the encoding handlers that use it, so ICU is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <zlib.h>
