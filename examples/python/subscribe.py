import zmq, json
sub = zmq.Context().socket(zmq.SUB)
sub.connect("tcp://127.0.0.1:5561"); sub.setsockopt(zmq.SUBSCRIBE, b"nav.")
while True:
    topic, envelope = sub.recv_multipart(); print(topic.decode(), json.loads(envelope)["data"])
