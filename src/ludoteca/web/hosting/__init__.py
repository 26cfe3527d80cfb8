"""Running on the open internet: the server's settings, per-address limits, raw HTTP guards, security
headers, the one door for JSON from the network, the garbage collector's policy."""
