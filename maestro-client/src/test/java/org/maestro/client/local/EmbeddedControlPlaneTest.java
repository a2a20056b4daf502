package org.maestro.client.local;

import org.maestro.common.peer.ControlPlaneContract;
import org.maestro.common.testing.TestBroker;

/** The control plane over the embedded Artemis MQTT broker of one-machine runs. */
class EmbeddedControlPlaneTest extends ControlPlaneContract {
    @Override
    protected TestBroker startBroker() {
        return new EmbeddedTestBroker();
    }
}
