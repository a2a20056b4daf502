package org.maestro.common.peer;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

/** The control plane over a real Mosquitto, started on a free loopback port. */
@Integration
class MosquittoControlPlaneTest extends ControlPlaneContract {
    @RegisterExtension
    final TestLab lab = TestLab.withMosquitto();

    @Override
    protected TestLab lab() {
        return lab;
    }
}
