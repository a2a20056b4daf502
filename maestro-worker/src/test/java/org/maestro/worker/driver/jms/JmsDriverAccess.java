package org.maestro.worker.driver.jms;

import org.maestro.worker.driver.SutUrl;

/** Lets tests outside the package see the qpid-jms URI a SUT URL becomes. */
public final class JmsDriverAccess {
    private JmsDriverAccess() {
    }

    public static String uri(SutUrl url) {
        return JmsDriver.connectionUri(url);
    }
}
