package org.maestro.client.plan;

import org.maestro.common.units.MessageSize;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TestDuration;

import java.util.List;

/**
 * Everything a test needs, checked: what a scenario script builds and an executor carries out.
 *
 * @param name         test name (used in the run directory's name)
 * @param tags         free labels for the run index
 * @param description  what the SUT is (product, version, topology), for the report
 * @param sendUrl      where senders send
 * @param receiveUrl   where receivers receive (often the same)
 * @param size         message size
 * @param rate         total target rate of all senders together (0 = flat out)
 * @param connections  connections per worker
 * @param duration     time or message count (a count is for all senders together)
 * @param warmup       warm-up time, left out of the figures ("0s" for none)
 * @param senders      how many sender peers the test needs
 * @param receivers    how many receiver peers the test needs
 * @param criteria     pass/fail criteria
 * @param incremental  null for a fixed-rate test; else the steps of an incremental one
 */
public record TestPlan(String name, List<String> tags, String description, String sendUrl, String receiveUrl,
                       MessageSize size, Rate rate, int connections, TestDuration duration, String warmup,
                       int senders, int receivers, List<Criterion> criteria, Incremental incremental) {

    /**
     * An incremental test: the rate starts at {@code startRate} and goes up by {@code step} for
     * each step of {@code stepDuration}, up to {@code maxRate}, until a criterion fails.
     */
    public record Incremental(long startRate, long step, long maxRate, TestDuration stepDuration) {
    }

    /** The same plan at another total rate (one step of an incremental test). */
    public TestPlan atRate(long perSecond, TestDuration stepDuration) {
        return new TestPlan(name, tags, description, sendUrl, receiveUrl, size, new Rate(perSecond), connections,
                stepDuration, warmup, senders, receivers, criteria, null);
    }
}
