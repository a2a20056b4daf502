package org.maestro.client.run;

/** The test could not run or could not finish for a reason outside the SUT's performance (exit code 2). */
public class TestCannotRun extends Exception {
    public TestCannotRun(String message) {
        super(message);
    }

    public TestCannotRun(String message, Throwable cause) {
        super(message, cause);
    }
}
