//go:build !linux

package bot

import "time"

func threadCPU() time.Duration { return 0 }

const haveThreadCPU = false
