# The one door is enforced by the compiler (issue 28): a client compiled with
# its real include path cannot include an internal header. Compiles, with the
# include directories and definitions of a client target,
#  - a control file that includes the public API (api/, qt/): must compile;
#  - a file with a planted internal include (model/modelimpl.h): must fail,
#    and fail on that include, not on something else.
#   cmake -DCXX=<compiler> -DNAME=<client> -DINCLUDES=<dir|dir...> -DDEFINES=<d|d...> -DWORK_DIR=<dir>
#         [-DPLANTED=<header>] -P check_planted_include.cmake
foreach(var CXX NAME INCLUDES WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "pass -D${var}=")
  endif()
endforeach()
if(NOT PLANTED)
  set(PLANTED model/modelimpl.h)
endif()
string(REPLACE "|" ";" include_dirs "${INCLUDES}")
string(REPLACE "|" ";" defines "${DEFINES}")
set(flags -std=c++20 -fPIC -fsyntax-only)
foreach(dir IN LISTS include_dirs)
  list(APPEND flags -I${dir})
endforeach()
foreach(def IN LISTS defines)
  list(APPEND flags -D${def})
endforeach()

file(MAKE_DIRECTORY ${WORK_DIR})
file(WRITE ${WORK_DIR}/${NAME}_public.cpp "#include \"api/model.h\"\n#include \"api/session.h\"\n#include \"qt/engineworker.h\"\nint main() { return 0; }\n")
file(WRITE ${WORK_DIR}/${NAME}_planted.cpp "#include \"api/model.h\"\n#include \"${PLANTED}\"\nint main() { return 0; }\n")

execute_process(COMMAND ${CXX} ${flags} ${WORK_DIR}/${NAME}_public.cpp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: the public API does not compile with the client's include path:\n${err}")
endif()
execute_process(COMMAND ${CXX} ${flags} ${WORK_DIR}/${NAME}_planted.cpp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: a planted #include \"${PLANTED}\" compiled: internal headers are visible to the client")
endif()
string(FIND "${err}" "${PLANTED}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${NAME}: the planted include failed, but not on ${PLANTED}:\n${err}")
endif()
message(STATUS "${NAME}: public API compiles; #include \"${PLANTED}\" is refused by the compiler")
