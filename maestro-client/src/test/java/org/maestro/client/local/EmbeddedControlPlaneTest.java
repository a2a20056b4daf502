package org.maestro.client.local;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.common.peer.ControlPlaneContract;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

/** The control plane over the embedded Artemis MQTT broker of one-machine runs. */
@Integration
class EmbeddedControlPlaneTest extends ControlPlaneContract {
    @RegisterExtension
    final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);

    @Override
    protected TestLab lab() {
        return lab;
    }
}
