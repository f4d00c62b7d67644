"""The party laptop's front: gunicorn's event loop reads every request whole, then Django runs on a few threads.

A phone on weak Wi-Fi, or anyone on the network, may send a request slowly. gunicorn's thread worker hands a
connection to a thread as soon as its first bytes arrive, and the thread then waits for the rest: 8 slow
requests held all 8 threads and no phone could open its page. Here the loop (gunicorn's own ASGI worker)
holds the slow ones at almost no cost, under a deadline, and a thread only ever sees a request that has
fully arrived (clubdirector.front.threads, clubdirector.front.worker).
"""
