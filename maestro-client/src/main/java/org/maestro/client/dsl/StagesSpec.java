package org.maestro.client.dsl;

import groovy.lang.Closure;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.maestro.client.dsl.DslValues.bounded;
import static org.maestro.client.dsl.DslValues.time;

/** The {@code stages { }} block: {@code step RATE, 'TIME'} and {@code ramp FROM, TO, 'TIME'}, in order. */
public final class StagesSpec {
    private final List<RateProfile.Stage> stages = new ArrayList<>();

    public void step(Object rate, Object time) {
        long r = stageRate("step", rate);
        stages.add(new RateProfile.Stage(r, r, stageTime("step " + rate, time)));
    }

    public void ramp(Object from, Object to, Object time) {
        stages.add(new RateProfile.Stage(stageRate("ramp", from), stageRate("ramp", to), stageTime("ramp " + from + ", " + to, time)));
    }

    private static long stageRate(String what, Object rate) {
        Rate r = bounded(what, Rate.parse(String.valueOf(rate)));
        if (String.valueOf(rate).strip().equals("max")) {
            throw new IllegalArgumentException(what + " " + rate + ": a stage has a rate in msg/s (0 for a pause), not 'max'");
        }
        return r.perSecond();
    }

    private static long stageTime(String what, Object time) {
        Duration d = time(what, time);
        if (d.isZero()) {
            throw new IllegalArgumentException(what + ": a stage needs a time > 0 like '10s', not '" + time + "'");
        }
        return d.toNanos();
    }

    /** The rate profile a {@code stages} block describes; refused when empty or sending nothing. */
    static RateProfile profile(Closure<?> block) {
        if (block == null) {
            throw new IllegalArgumentException("needs a block of stages like { step 500, '5s'; ramp 500, 2000, '10s' }");
        }
        StagesSpec spec = new StagesSpec();
        block.setDelegate(spec);
        block.setResolveStrategy(Closure.DELEGATE_FIRST);
        block.call();
        if (spec.stages.isEmpty()) {
            throw new IllegalArgumentException("stages { } needs at least one stage: step RATE, 'TIME' or ramp FROM, TO, 'TIME'");
        }
        RateProfile profile = new RateProfile(spec.stages);
        if (profile.messages() < 1) {
            throw new IllegalArgumentException("stages " + profile + " send no message: give a rate above 0 somewhere");
        }
        return profile;
    }
}
