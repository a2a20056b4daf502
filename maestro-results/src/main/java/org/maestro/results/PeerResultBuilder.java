package org.maestro.results;

import java.util.List;

import org.maestro.common.runfiles.DeliveryJson;

/** A {@link Summary.PeerResult} named component by component; one not set is null (false, 0). */
public final class PeerResultBuilder {
    private String name;
    private String role;
    private String host;
    private Long messages;
    private Double rate;
    private Summary.Latency responseTime;
    private Summary.Latency serviceTime;
    private Summary.Latency sendDelay;
    private Summary.Latency roundTrip;
    private Long lost;
    private Long duplicated;
    private Long outOfOrder;
    private boolean ok;
    private String end;
    private List<String> files;
    private String dataMissing;
    private Summary.LiveFigures live;
    private Summary.Warmup warmup;
    private DeliveryJson delivery;

    PeerResultBuilder() {
    }

    public PeerResultBuilder name(String name) {
        this.name = name;
        return this;
    }

    public PeerResultBuilder role(String role) {
        this.role = role;
        return this;
    }

    public PeerResultBuilder host(String host) {
        this.host = host;
        return this;
    }

    public PeerResultBuilder messages(Long messages) {
        this.messages = messages;
        return this;
    }

    public PeerResultBuilder rate(Double rate) {
        this.rate = rate;
        return this;
    }

    public PeerResultBuilder responseTime(Summary.Latency responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    public PeerResultBuilder serviceTime(Summary.Latency serviceTime) {
        this.serviceTime = serviceTime;
        return this;
    }

    public PeerResultBuilder sendDelay(Summary.Latency sendDelay) {
        this.sendDelay = sendDelay;
        return this;
    }

    public PeerResultBuilder lost(Long lost) {
        this.lost = lost;
        return this;
    }

    public PeerResultBuilder duplicated(Long duplicated) {
        this.duplicated = duplicated;
        return this;
    }

    public PeerResultBuilder outOfOrder(Long outOfOrder) {
        this.outOfOrder = outOfOrder;
        return this;
    }

    public PeerResultBuilder ok(boolean ok) {
        this.ok = ok;
        return this;
    }

    public PeerResultBuilder end(String end) {
        this.end = end;
        return this;
    }

    public PeerResultBuilder files(List<String> files) {
        this.files = files;
        return this;
    }

    public PeerResultBuilder dataMissing(String dataMissing) {
        this.dataMissing = dataMissing;
        return this;
    }

    public PeerResultBuilder live(Summary.LiveFigures live) {
        this.live = live;
        return this;
    }

    public PeerResultBuilder warmup(Summary.Warmup warmup) {
        this.warmup = warmup;
        return this;
    }

    /** A sender's round trips ({@link Summary.PeerResult#roundTrip}); not set: none. */
    public PeerResultBuilder roundTrip(Summary.Latency roundTrip) {
        this.roundTrip = roundTrip;
        return this;
    }

    public PeerResultBuilder delivery(DeliveryJson delivery) {
        this.delivery = delivery;
        return this;
    }

    public Summary.PeerResult build() {
        return new Summary.PeerResult(name, role, host, messages, rate, responseTime, serviceTime, sendDelay, lost,
                duplicated, outOfOrder, ok, end, files, dataMissing, live, warmup, delivery, roundTrip);
    }
}
