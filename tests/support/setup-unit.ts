process.env.TZ ??= "America/Sao_Paulo";
