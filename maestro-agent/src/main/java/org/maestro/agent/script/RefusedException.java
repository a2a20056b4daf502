package org.maestro.agent.script;

/** The agent will not run a handler; the message says why (it becomes the INTERNAL_ERROR reason). */
public final class RefusedException extends Exception {
    public RefusedException(String message) {
        super(message);
    }
}
