// The fonts' resource target needs one source file; see include/RefreshSDLFonts.h.
#include "RefreshSDLFonts.h"
