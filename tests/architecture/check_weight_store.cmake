# Issue 28: one weight store. The engine reads a WASTE container and a release
# folder through model::WeightStore (core/model/weightstore.h); only the two
# implementations (containerstore.*, releasesource.*) and the opening code
# (openweightstore.*) may tell the formats apart, and core/format defines them.
# Anywhere else in core/, code that asks which format it has fails this test:
# a container/release member or accessor (m_container, m_release,
# x->container(), x->release() tested or reached through), isRelease /
# isReleaseFolder / looksLikeRelease, or a named implementation
# (ReleaseSource, ContainerStore) instead of the interface.
#   cmake -DSOURCE_DIR=<repo> -P check_weight_store.cmake
cmake_minimum_required(VERSION 3.25) # list and if() as in the project
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "pass -DSOURCE_DIR=<repository>")
endif()

set(word_start "(^|[^A-Za-z0-9_])")
set(word_end "([^A-Za-z0-9_]|$)")
set(patterns
  "${word_start}m_(release|container)${word_end}"
  "isRelease|looksLikeRelease"
  "(->|\\.)container\\(\\)"
  "(->|\\.)release\\(\\)[ ]*(\\?|->|&&|\\|\\||\\)[ ]*$|\\)[ ]*\\{|\\)[ ]*return)"
  "${word_start}(ReleaseSource|ContainerStore)${word_end}")
# Each pattern must catch its planted branch, or the test could not fail
# (samples without ';', which would split this list).
set(planted
  "    return m_release ? m_release->config() : m_container->config()"
  "    if (ReleaseSource::isRelease(o.modelPath)) {"
  "        const ExpertLayout &lay = mi->container().expertLayout(layer)"
  "        if (mi->release())"
  "        if (const ReleaseSource *r = mi->release())")
list(LENGTH patterns pattern_count)
math(EXPR last "${pattern_count} - 1")
foreach(i RANGE ${last})
  list(GET patterns ${i} pattern)
  list(GET planted ${i} sample)
  if(NOT sample MATCHES "${pattern}")
    message(FATAL_ERROR "the check is broken: pattern '${pattern}' misses its planted sample '${sample}'")
  endif()
endforeach()

file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/core/*.cpp)
list(FILTER files EXCLUDE REGEX "^core/model/(weightstore|containerstore|releasesource|openweightstore)\\.(h|cpp)$")
list(FILTER files EXCLUDE REGEX "^core/format/")
list(LENGTH files count)
if(count LESS 100)
  message(FATAL_ERROR "found only ${count} files under ${SOURCE_DIR}/core: wrong SOURCE_DIR?")
endif()
# The public API declares the question for clients (the app's file dialog);
# the answer is defined by the opening code.
set(allowed_lines "core/api/inspect.h:bool isReleaseFolder(const std::string &path)<semicolon>")

set(failures "")
foreach(file IN LISTS files)
  file(READ ${SOURCE_DIR}/${file} content)
  # One list entry per line: ';' and brackets would split or join CMake list
  # entries, so they stay spelled out (no pattern needs them).
  string(REPLACE ";" "<semicolon>" content "${content}")
  string(REPLACE "[" "<open>" content "${content}")
  string(REPLACE "]" "<close>" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    # Comments may name the formats; code may not branch on them.
    string(REGEX REPLACE "//.*$" "" code "${line}")
    if("${file}:${code}" IN_LIST allowed_lines)
      continue()
    endif()
    foreach(pattern IN LISTS patterns)
      if(code MATCHES "${pattern}")
        string(APPEND failures "  ${file}:${n}: ${code}\n")
        break()
      endif()
    endforeach()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "a container/release branch outside the weight store (ask model::WeightStore, "
                      "core/model/weightstore.h; only openweightstore.cpp opens by format):\n${failures}")
endif()
message(STATUS "weight store: ${count} core files without a container/release branch")
