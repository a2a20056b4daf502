package org.maestro.client.dsl;

/** A scenario script could not be loaded; the message names the file and line. */
public class ScriptException extends Exception {
    public ScriptException(String message) {
        super(message);
    }
}
