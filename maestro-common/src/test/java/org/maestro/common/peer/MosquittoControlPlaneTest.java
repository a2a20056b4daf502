package org.maestro.common.peer;

import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.TestBroker;

/** The control plane over a real Mosquitto, started on a free loopback port. */
class MosquittoControlPlaneTest extends ControlPlaneContract {
    @Override
    protected TestBroker startBroker() {
        return MosquittoBroker.launch();
    }
}
