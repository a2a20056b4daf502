package org.maestro.agent.handler;

/** The agent will not run a handler; the message says why (it becomes the INTERNAL_ERROR reason). */
public final class RefusedException extends Exception {
    public RefusedException(String message) {
        super(message);
    }
}
