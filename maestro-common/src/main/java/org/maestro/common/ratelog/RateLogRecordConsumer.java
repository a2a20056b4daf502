package org.maestro.common.ratelog;

import java.io.IOException;

/** Receives the records of a rate log one by one, without boxing; see {@link RateLogReader#forEachRemaining}. */
@FunctionalInterface
public interface RateLogRecordConsumer {

    /**
     * @param etaMicros intended time, microseconds from test start
     * @param ataMicros actual time, microseconds from test start
     * @throws IOException if the consumer cannot store the record
     */
    void accept(long etaMicros, long ataMicros) throws IOException;
}
