package tools

// CourseMainVar, set in a child's environment, makes this test binary run the course's main
// instead of its tests (TestMain in main_external_test.go): the tests of exit statuses and
// signals start the program itself without building it.
const CourseMainVar = "COURSE_TOOLS_TEST_MAIN"
