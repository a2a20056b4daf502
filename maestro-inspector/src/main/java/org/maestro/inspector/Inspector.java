package org.maestro.inspector;

import java.util.List;
import java.util.Optional;

/**
 * Reads a SUT's own figures through its management interface, one sample at a time. An implementation
 * keeps whatever connection it needs between samples and re-establishes it when it broke; it never
 * retries within a sample (the next sample is the retry), so a sick SUT is asked at most once per
 * sampling interval.
 */
public interface Inspector extends AutoCloseable {

    /** What is inspected, for messages and files: e.g. {@code jolokia at http://127.0.0.1:8161/console/jolokia}. */
    String describe();

    /** The data sets every sample reports on, in a fixed order. */
    List<DataSet> dataSets();

    /**
     * Checks what the inspector will read against what the SUT says it has, before any file is written; a no-op
     * for an inspector that cannot tell. Called at START; an inspector that could not check then checks at its
     * first sample that reaches the SUT.
     *
     * @throws IllegalArgumentException naming what the SUT does not have (e.g. a misspelled attribute) and the
     *                                  nearest name it has
     * @throws InspectorException       when the SUT could not be asked now
     */
    default void verify() throws InspectorException {
    }

    /**
     * Reads every data set once. A data set that cannot be read is recorded in the sample as failed;
     * the exception is for a read that got nothing at all (endpoint unreachable, credentials refused,
     * no answer in time).
     */
    Sample sample() throws InspectorException;

    /**
     * What the SUT says it is, with its version ({@code ActiveMQ Artemis 2.44.0}, {@code skupper-router 3.5.1}), for the
     * run to name what it tested; empty when it cannot tell. Asked on the sampling thread after a sample that reached
     * the SUT, until it answers once; an implementation asks the SUT at most once per call and never throws.
     */
    default Optional<String> sutVersion() {
        return Optional.empty();
    }

    /** Releases connections; never throws. */
    @Override
    void close();
}
