# The one-door rule (docs/architecture.md): a client of the library — the app
# (gui/), the user-facing CLI commands (core/cli/*.cpp, not the developer tools
# in core/cli/dev/) and the server (core/server/) — includes only the public
# API: core/api/ and the library's Qt adapter core/qt/, plus its own files
# (the CLI may also include the server, the client layer its `serve` runs).
# If a client needs something else, it goes into the public API first.
#
# KNOWN lists the clients not migrated yet; the list may only shrink: a file
# on it that no longer breaks the rule fails the check too (take it off).
#   cmake -DSOURCE_DIR=<repo> -P check_client_includes.cmake
set(KNOWN
)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository>")
endif()
file(GLOB_RECURSE clients RELATIVE ${SOURCE_DIR}
  ${SOURCE_DIR}/gui/*.h ${SOURCE_DIR}/gui/*.cpp
  ${SOURCE_DIR}/core/cli/*.h ${SOURCE_DIR}/core/cli/*.cpp
  ${SOURCE_DIR}/core/server/*.h ${SOURCE_DIR}/core/server/*.cpp)
list(FILTER clients EXCLUDE REGEX "^core/cli/dev/")
list(LENGTH clients count)
if(count LESS 10)
  message(FATAL_ERROR "found only ${count} client files under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()

set(failures "")
set(checked 0)
foreach(file IN LISTS clients)
  file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  set(bad "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
    # Public API, or the client's own files (no folder, or a folder of its own
    # tree). The server is the library's client layer: the CLI's `serve` runs it.
    if(header MATCHES "^(api|qt)/" OR NOT header MATCHES "/")
      continue()
    endif()
    if(header MATCHES "^server/" AND file MATCHES "^core/(server|cli)/")
      continue()
    endif()
    # The app's own files, spelt from gui/ (its one include root) and found there:
    # "chat/chatstore.h" is gui/chat/chatstore.h, never core/chat/.
    if(file MATCHES "^gui/" AND EXISTS ${SOURCE_DIR}/gui/${header})
      continue()
    endif()
    list(APPEND bad ${header})
  endforeach()
  math(EXPR checked "${checked} + 1")
  list(FIND KNOWN ${file} known)
  if(bad AND known EQUAL -1)
    string(REPLACE ";" ", " bad "${bad}")
    string(APPEND failures "  ${file} includes ${bad}: outside the public API (core/api, core/qt)\n")
  elseif(NOT bad AND NOT known EQUAL -1)
    string(APPEND failures "  ${file} now keeps the rule: take it off KNOWN in ${CMAKE_CURRENT_LIST_FILE}\n")
  endif()
endforeach()
foreach(file IN LISTS KNOWN)
  if(NOT EXISTS ${SOURCE_DIR}/${file})
    string(APPEND failures "  ${file} is on KNOWN but does not exist: take it off\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "one-door rule broken:\n${failures}")
endif()
list(LENGTH KNOWN known_count)
message(STATUS "one-door rule: ${checked} client files checked, ${known_count} known exceptions")
