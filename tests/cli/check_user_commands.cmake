cmake_policy(SET CMP0057 NEW) # if(... IN_LIST ...)
# sluice-cli lists user commands only; the developer tools are sluice-dev's.
#   cmake -DCLI=<sluice-cli> -DDEV=<sluice-dev> -DWORK_DIR=<scratch> -P check_user_commands.cmake
# 1. `sluice-cli --help` lists none of the commands `sluice-dev --help` lists,
#    and its last line says where they are.
# 2. In a build tree (sluice-dev beside sluice-cli) `sluice-cli DEVCOMMAND`
#    runs sluice-dev's: its --help, its usage error's exit code 2.
# 3. Alone (as installed), sluice-cli names each developer command as
#    sluice-dev's and exits 2; an unknown command is still unknown.
foreach(var CLI DEV WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "pass -D${var}=...")
  endif()
endforeach()

# The command names of a program's --help (lines "  NAME  summary").
function(listed_commands program out_var help_var)
  execute_process(COMMAND ${program} --help RESULT_VARIABLE rc OUTPUT_VARIABLE help ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${program} --help exited ${rc}: ${err}")
  endif()
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*  *[^\n]*" rows "${help}")
  set(names "")
  foreach(row IN LISTS rows)
    string(REGEX REPLACE "^\n  ([a-z][a-z0-9-]*) .*" "\\1" name "${row}")
    list(APPEND names ${name})
  endforeach()
  set(${out_var} ${names} PARENT_SCOPE)
  set(${help_var} "${help}" PARENT_SCOPE)
endfunction()

listed_commands(${DEV} dev_commands dev_help)
listed_commands(${CLI} user_commands user_help)
list(LENGTH dev_commands dev_count)
list(LENGTH user_commands user_count)
if(dev_count LESS 5 OR user_count LESS 5)
  message(FATAL_ERROR "too few commands listed (sluice-dev ${dev_count}, sluice-cli ${user_count}): "
                      "has the --help layout changed?\n${dev_help}\n${user_help}")
endif()
set(failures "")
foreach(name IN LISTS dev_commands)
  if(name IN_LIST user_commands)
    string(APPEND failures "sluice-cli --help lists the developer command '${name}'\n")
  endif()
endforeach()
string(STRIP "${user_help}" stripped)
string(REGEX REPLACE ".*\n" "" last_line "${stripped}")
if(NOT last_line MATCHES "sluice-dev")
  string(APPEND failures "the last line of sluice-cli --help does not name sluice-dev: '${last_line}'\n")
endif()

# 2. Forwarded in the build tree.
foreach(name IN LISTS dev_commands)
  execute_process(COMMAND ${CLI} ${name} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT "${out}${err}" MATCHES "sluice-dev ${name}")
    string(APPEND failures "sluice-cli ${name} --help (forwarded) exited ${rc}: ${out}${err}\n")
  endif()
endforeach()
execute_process(COMMAND ${CLI} synth RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "missing --out")
  string(APPEND failures "sluice-cli synth (forwarded, no --out) exited ${rc}, expected 2: ${err}\n")
endif()

# 3. Alone, as the package installs it.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
file(COPY ${CLI} DESTINATION ${WORK_DIR})
get_filename_component(cli_name ${CLI} NAME)
set(alone ${WORK_DIR}/${cli_name})
foreach(name IN LISTS dev_commands)
  execute_process(COMMAND ${alone} ${name} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "'${name}' is a developer command of sluice-dev")
    string(APPEND failures "an installed sluice-cli ${name} exited ${rc}: ${out}${err}\n")
  endif()
endforeach()
execute_process(COMMAND ${alone} frobnicate RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unknown command 'frobnicate'")
  string(APPEND failures "an installed sluice-cli frobnicate exited ${rc}: ${err}\n")
endif()
file(REMOVE_RECURSE ${WORK_DIR})

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
list(JOIN dev_commands " " dev_list)
message(STATUS "sluice-cli: ${user_count} user commands; sluice-dev: ${dev_list} (forwarded in a build tree, "
               "named as sluice-dev's when alone)")
