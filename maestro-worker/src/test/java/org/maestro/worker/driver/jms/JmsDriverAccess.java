package org.maestro.worker.driver.jms;

import org.maestro.worker.driver.Protocols;
import org.maestro.worker.driver.SutUrl;

/** Lets tests outside the package see the client URI (qpid-jms, Artemis, ActiveMQ) a SUT URL becomes. */
public final class JmsDriverAccess {
    private JmsDriverAccess() {
    }

    /** Whether the client of {@code url}'s protocol takes {@code e}, told to the exception listener, as a lost connection. */
    public static boolean lost(SutUrl url, jakarta.jms.JMSException e) {
        return Protocols.of(url.scheme()).client().lost(e);
    }

    /** How {@code url}'s client reads a failed send: "released", "modified" (given back, to send again), or null. */
    public static String givenBack(SutUrl url, Exception e) {
        return Protocols.of(url.scheme()).client().givenBack(e);
    }

    public static String uri(SutUrl url) {
        return Protocols.of(url.scheme()).client().connectionUri(url);
    }
}
