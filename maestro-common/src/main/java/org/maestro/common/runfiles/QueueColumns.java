package org.maestro.common.runfiles;

/**
 * The columns of an inspector's per-queue data set that the results model reads back: the queue's name (a key) and
 * how many messages it holds at the sample (a gauge). The inspector writes them under these names; the limit search
 * finds the data set by them, whatever its file is called.
 */
public final class QueueColumns {
    public static final String QUEUE = "queue";
    public static final String MESSAGE_COUNT = "messageCount";

    private QueueColumns() {
    }
}
