# The public API is self-contained (docs/architecture.md "Public API"): a
# header in core/api/ includes only other core/api/ headers, util/status.h
# (Status and Expected, part of the public API) and standard headers
# (<...>). A type a public header needs is declared in core/api/ and the
# module that computes it includes that header, never the other way round.
#   cmake -DSOURCE_DIR=<repo> -P check_api_includes.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository>")
endif()
file(GLOB headers RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/core/api/*.h)
list(LENGTH headers count)
if(count LESS 5)
  message(FATAL_ERROR "found only ${count} headers in ${SOURCE_DIR}/core/api: wrong SOURCE_DIR?")
endif()

set(failures "")
foreach(file IN LISTS headers)
  file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    # Standard C++ headers: <cstdint>, <string_view>: no extension, no folder
    # (so neither <QString> nor <sys/types.h> nor <stb_image.h>).
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([a-z_]+)>")
      continue()
    endif()
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]*)>")
      set(header "<${CMAKE_MATCH_1}>")
    elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\"")
      set(header ${CMAKE_MATCH_1})
      if(header MATCHES "^api/[^/]+\\.h$" OR header STREQUAL "util/status.h")
        continue()
      endif()
    else()
      set(header "${line}")
    endif()
    string(APPEND failures "  ${file} includes ${header}: a public header includes only api/*.h, util/status.h and standard headers\n")
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "public API not self-contained:\n${failures}")
endif()
message(STATUS "public API: ${count} headers in core/api include only api/, util/status.h and standard headers")
