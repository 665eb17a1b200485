module github.com/skullking-go/skullking

go 1.26.8
