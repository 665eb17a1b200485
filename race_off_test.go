//go:build !race

package skullking

const raceEnabled = false
