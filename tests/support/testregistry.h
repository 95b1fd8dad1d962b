#pragma once
// One test executable per module (issue 28): each tst_*.cpp of a module is
// compiled into the module's executable (as one unity translation unit where
// the build allows, so Qt's headers are parsed once per module, not once per
// file) and registers its Qt Test class here under the file's own name.
// CTest runs `<module>_tests tst_name [Qt Test options]`, so every test keeps
// its name, timeout, labels and process of its own.
//
// The three macros mirror Qt's QTEST_MAIN, QTEST_GUILESS_MAIN and
// QTEST_APPLESS_MAIN (same application object, same attributes), but define
// a registered function instead of main().
#include <QtTest/QtTest>

namespace sluice::test {

using TestMain = int (*)(int argc, char **argv);

// Registers `run` under the base name of `sourceFile` (".../tst_foo.cpp" ->
// "tst_foo"). A second registration under one name aborts at start-up.
struct TestRegistration {
    TestRegistration(const char *sourceFile, TestMain run);
};

} // namespace sluice::test

#define SLUICE_TEST_MAIN_WRAPPER(TestObject, ...)                                                                     \
    static int sluiceTestMain_##TestObject(int argc, char *argv[])                                                    \
    {                                                                                                                  \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                           \
        __VA_ARGS__                                                                                                    \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                         \
    }                                                                                                                  \
    static const sluice::test::TestRegistration sluiceTestRegistration_##TestObject(__FILE__, &sluiceTestMain_##TestObject);

// A QApplication where the module links Qt Widgets (else as Qt's QTEST_MAIN picks).
#define SLUICE_TEST_MAIN(TestObject) SLUICE_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define SLUICE_TEST_GUILESS_MAIN(TestObject) SLUICE_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define SLUICE_TEST_APPLESS_MAIN(TestObject) SLUICE_TEST_MAIN_WRAPPER(TestObject)
// A test with a main of its own (a child mode, say): `function` is its whole main.
#define SLUICE_TEST_CUSTOM_MAIN(function)                                                                              \
    static const sluice::test::TestRegistration sluiceTestRegistration_##function(__FILE__, &function);
