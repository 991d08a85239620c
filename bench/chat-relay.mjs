// The baseline of bench/chat: a bare `ws` relay. Sockets at /{conversation}
// get every text frame another socket of the same conversation sends, with no
// checks, storage or pub/sub.
import http from 'node:http';

import { WebSocketServer } from 'ws';

const port = Number(process.argv[2] ?? 4605);
const rooms = new Map();
const server = http.createServer();
const wss = new WebSocketServer({ server });
wss.on('connection', (socket, request) => {
  const room = new URL(request.url ?? '/', 'http://relay').pathname;
  let members = rooms.get(room);
  if (!members) {
    members = new Set();
    rooms.set(room, members);
  }
  members.add(socket);
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    const out = JSON.stringify({
      type: 'chat_message',
      id: 0,
      message: frame.message,
      sender: '',
      sender_id: -1,
      sender_avatar: null,
      timestamp: new Date().toISOString(),
      temp_id: frame.temp_id,
    });
    for (const member of members) if (member !== socket) member.send(out);
  });
  socket.on('close', () => members.delete(socket));
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write('relay ready\n');
});
