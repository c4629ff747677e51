package probe

// GA's two chat endpoints and lesson 6's voicing question, which the probe's tests send to the
// stand-in as the lesson does.
const (
	chatPath        = "/api/chatbot/chat"
	streamPath      = "/api/chatbot/chat/stream"
	voicingQuestion = "Show me Cmaj7 voicings"
)

// CourseMainVar, set in a child's environment, makes this test binary run the course's main
// instead of its tests (TestMain in main_external_test.go): the tests of exit statuses and
// signals start the program itself without building it.
const CourseMainVar = "COURSE_PROBE_TEST_MAIN"
