//go:build !race

package server_test

// crowdSize is the crowd of spectators TestACrowdCostsFramesInProportion
// sends to one table.
const crowdSize = 1000
