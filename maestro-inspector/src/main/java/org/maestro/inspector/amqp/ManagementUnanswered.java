package org.maestro.inspector.amqp;

import org.maestro.inspector.InspectorException;

/**
 * A management request that got no answer at all (none in time, or the connection failed), as opposed to one the
 * server answered with a refusal or with something unreadable: the server told nothing, so nothing may be assumed.
 */
final class ManagementUnanswered extends InspectorException {
    ManagementUnanswered(String message) {
        super(message);
    }

    ManagementUnanswered(String message, Throwable cause) {
        super(message, cause);
    }
}
