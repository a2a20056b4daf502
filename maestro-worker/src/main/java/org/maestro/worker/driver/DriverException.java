package org.maestro.worker.driver;

/** The system under test could not be reached or refused an operation; the message says which and why. */
public class DriverException extends Exception {
    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }

    public DriverException(String message) {
        super(message);
    }

    /** "WHAT URL: reason" with the cause kept, e.g. "cannot connect to amqp://host:5672/q: Connection refused". */
    public static DriverException of(String what, SutUrl url, Throwable cause) {
        return new DriverException(what + " " + url + ": " + reasonOf(cause), cause);
    }

    /**
     * The reason a client library gives, for a one-line message: its exceptions often wrap the real one (connection
     * refused, unknown host) a few levels down, so the messages along the causes, each once.
     */
    public static String reasonOf(Throwable e) {
        StringBuilder out = new StringBuilder();
        Throwable t = e;
        String last = null;
        for (int depth = 0; t != null && depth < 6; depth++, t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && !m.isBlank() && (last == null || !last.contains(m))) {
                if (out.length() > 0) {
                    out.append(": ");
                }
                out.append(m);
                last = m;
            }
        }
        return out.length() == 0 ? e.getClass().getSimpleName() : out.toString();
    }
}
