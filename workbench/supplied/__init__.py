"""Sources users supply (a pasted or uploaded judgment or act): evidence, not authority — which findings one
serves, what people do with it, its pages."""
