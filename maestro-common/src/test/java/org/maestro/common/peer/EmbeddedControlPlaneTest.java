package org.maestro.common.peer;

import org.maestro.common.testing.EmbeddedTestBroker;
import org.maestro.common.testing.TestBroker;

/** The control plane over the embedded Artemis MQTT broker of one-machine runs. */
class EmbeddedControlPlaneTest extends ControlPlaneContract {
    @Override
    TestBroker startBroker() {
        return new EmbeddedTestBroker();
    }
}
