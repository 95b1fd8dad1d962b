# Issue 27: the model's chat markup is known in one place, core/text (and the
# model module that feeds it). The clients — the app (gui/), the Qt adapter
# (core/qt/), the CLI commands (core/cli/, not the developer tools), the
# server (core/server/) — and the conversation engine (core/chat/) get replies
# already parsed by id (api/chat.h) and never spell a marker: no string
# literal holding "<think>", "</think>" or a "<|name|>" special.
#   cmake -DSOURCE_DIR=<repo> -P check_chat_markup.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository>")
endif()
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR}
  ${SOURCE_DIR}/gui/*.h ${SOURCE_DIR}/gui/*.cpp
  ${SOURCE_DIR}/core/qt/*.h ${SOURCE_DIR}/core/qt/*.cpp
  ${SOURCE_DIR}/core/cli/*.h ${SOURCE_DIR}/core/cli/*.cpp
  ${SOURCE_DIR}/core/server/*.h ${SOURCE_DIR}/core/server/*.cpp
  ${SOURCE_DIR}/core/chat/*.h ${SOURCE_DIR}/core/chat/*.cpp)
list(FILTER files EXCLUDE REGEX "^core/cli/dev/")
list(LENGTH files count)
if(count LESS 20)
  message(FATAL_ERROR "found only ${count} files under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()
set(failures "")
foreach(file IN LISTS files)
  file(STRINGS ${SOURCE_DIR}/${file} lines)
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    # Comments may name a marker; code may not.
    string(REGEX REPLACE "//.*$" "" code "${line}")
    if(code MATCHES "\"[^\"]*(<think>|</think>|<\\|[a-z_]+\\|>)[^\"]*\"")
      string(APPEND failures "  ${file}:${n}: ${line}\n")
    endif()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "chat markup spelled outside core/text (use the library's parse by id, api/chat.h):\n${failures}")
endif()
message(STATUS "chat markup: ${count} client files clean")
