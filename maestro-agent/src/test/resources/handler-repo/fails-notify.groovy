notifyFail "the SUT is not healthy"
return 2
