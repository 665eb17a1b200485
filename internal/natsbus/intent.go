package natsbus

import (
	"encoding/json"
	"fmt"

	"github.com/skullking-go/skullking/internal/table"
)

// encodeIntent is an intent as it crosses the bus: JSON, the protocol
// message in its wire form.
func encodeIntent(in table.Intent) ([]byte, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("natsbus: encode intent: %w", err)
	}
	return b, nil
}

// decodeIntent reads an intent another node sent.
func decodeIntent(b []byte) (table.Intent, error) {
	var in table.Intent
	if err := json.Unmarshal(b, &in); err != nil {
		return table.Intent{}, fmt.Errorf("natsbus: decode intent: %w", err)
	}
	switch in.Kind {
	case table.IntentHello, table.IntentDetach, table.IntentMsg, table.IntentJoin:
	default:
		return table.Intent{}, fmt.Errorf("natsbus: decode intent: unknown kind %d", in.Kind)
	}
	if _, ok := nodeOf(in.Client); !ok {
		return table.Intent{}, fmt.Errorf("natsbus: decode intent: client id %q names no node", in.Client)
	}
	return in, nil
}
