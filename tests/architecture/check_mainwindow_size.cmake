# Issue 28: the main window is layout, menus and wiring. Its files
# (gui/app/mainwindow.h and gui/app/mainwindow*.cpp) hold at most MAX lines
# together (default 800); the engine's state, the requests and the chats
# belong to the controllers beside it (modelcontroller.h, turncontroller.h,
# chatcontroller.h), not to the window.
#   cmake -DSOURCE_DIR=<repo> [-DMAX=800] -P check_mainwindow_size.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository>")
endif()
if(NOT MAX)
  set(MAX 800)
endif()
file(GLOB files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/gui/app/mainwindow*.cpp ${SOURCE_DIR}/gui/app/mainwindow.h)
list(LENGTH files count)
if(count LESS 2)
  message(FATAL_ERROR "found only ${count} MainWindow files under ${SOURCE_DIR}/gui/app: wrong SOURCE_DIR?")
endif()
list(SORT files)
set(total 0)
set(report "")
foreach(file IN LISTS files)
  # Every line counts, blank ones too (file(STRINGS) would skip them).
  file(READ ${SOURCE_DIR}/${file} text)
  string(REGEX MATCHALL "\n" newlines "${text}")
  list(LENGTH newlines n)
  math(EXPR total "${total} + ${n}")
  string(APPEND report "  ${file}: ${n}\n")
endforeach()
if(total GREATER MAX)
  message(FATAL_ERROR "MainWindow is ${total} lines over its files, more than ${MAX}: move state and logic "
                      "into a controller (gui/app/*controller.h) and keep the window to layout and wiring.\n${report}")
endif()
message(STATUS "MainWindow: ${total} lines over ${count} files (at most ${MAX})\n${report}")
